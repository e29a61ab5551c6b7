// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2442890586, 2507867390, 2140053705], [3154550520, 2712243816, 1454203038]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[3991572242, 2063892605, 1419450846], [91272118, 223939509, 1095695239]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2087780936, 4001334403, 722843927], [3111529806, 2901444061, 400792345]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
