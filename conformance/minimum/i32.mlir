// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2055410465, 932139279, 1478145823], [-1476751106, -902516709, 1423344143]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[-337268436, 626339509, -1289562797], [1043212346, 815732649, 1888325234]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2055410465, 626339509, -1289562797], [-1476751106, -902516709, 1423344143]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
