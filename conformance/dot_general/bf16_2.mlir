// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.734380e-01, -7.031250e-01, 1.728520e-01, -2.158200e-01]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %c2 = shlo.constant {value = dense<[6.562500e-01, 7.812500e-01, 5.429690e-01, -3.535160e-01]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<bf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-2.001950e-01> : tensor<bf16>, rtol = 2.000e-02 : f64, atol = 2.000e-02 : f64}} : (tensor<bf16>) -> ()
  func.return
}
