// reduce_scatter: oracle: identity on one replica
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.15843129, 0.306061476, 1.31961119], [0.497161984, 1.12638938, -1.99709582]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[1.30189049, 0.841520428, -4.4876833], [-1.14917791, -3.0651226, 2.14103174]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.reduce_scatter"(%v3) ({
  ^bb0(%a0: tensor<complex<f32>>, %b0: tensor<complex<f32>>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    "shlo.return"(%s0) : (tensor<complex<f32>>) -> ()
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.15843129, 0.306061476, 1.31961119], [0.497161984, 1.12638938, -1.99709582]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.30189049, 0.841520428, -4.4876833], [-1.14917791, -3.0651226, 2.14103174]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
