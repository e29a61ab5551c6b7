// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.964840e-01, 2.871090e-01, 5.429690e-01], [7.734380e-01, 3.632810e-01, 9.082030e-02]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[6.367190e-01, -2.758790e-02, 4.565430e-02, 4.023440e-01]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xbf16>, tensor<4xbf16>) -> tensor<2x3x4xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2.519530e-01, -1.092530e-02, 1.806640e-02, 1.591800e-01], [1.826170e-01, -7.934570e-03, 1.312260e-02, 1.157230e-01], [3.457030e-01, -1.495360e-02, 2.478030e-02, 2.187500e-01]], [[4.921880e-01, -2.136230e-02, 3.540040e-02, 3.105470e-01], [2.314450e-01, -1.000980e-02, 1.660160e-02, 1.464840e-01], [5.786130e-02, -2.502440e-03, 4.150390e-03, 3.662110e-02]]]> : tensor<2x3x4xbf16>, rtol = 2.000e-02 : f64, atol = 2.000e-02 : f64}} : (tensor<2x3x4xbf16>) -> ()
  func.return
}
