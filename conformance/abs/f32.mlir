// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.6638639, -2.13522506, 0.750053107], [5.13990164, 2.03647447, 3.85836101]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.abs"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.6638639, 2.13522506, 0.750053107], [5.13990164, 2.03647447, 3.85836101]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
