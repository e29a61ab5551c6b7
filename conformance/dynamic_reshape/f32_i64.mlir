// dynamic_reshape: oracle jax.lax.reshape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.12783146, 0.64638114, -6.18022823], [-0.849555313, -2.47025466, 1.59329736]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[3, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %v3 = "shlo.dynamic_reshape"(%c1, %c2) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.12783146, 0.64638114], [-6.18022823, -0.849555313], [-2.47025466, 1.59329736]]> : tensor<3x2xf32>}} : (tensor<3x2xf32>) -> ()
  func.return
}
