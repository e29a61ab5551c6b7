// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.45922065], [1.96565568], [0.631082832]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %c2 = shlo.constant {value = dense<[[1.53184891], [0.480575949], [-0.920601248]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x1xcomplex<f32>>
  %v4 = "shlo.broadcast_in_dim"(%v3) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x1xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.45922065, -2.45922065, -2.45922065, -2.45922065, -2.45922065], [1.96565568, 1.96565568, 1.96565568, 1.96565568, 1.96565568], [0.631082832, 0.631082832, 0.631082832, 0.631082832, 0.631082832]]> : tensor<3x5xf32>}} : (tensor<3x5xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.53184891, 1.53184891, 1.53184891, 1.53184891, 1.53184891], [0.480575949, 0.480575949, 0.480575949, 0.480575949, 0.480575949], [-0.920601248, -0.920601248, -0.920601248, -0.920601248, -0.920601248]]> : tensor<3x5xf32>}} : (tensor<3x5xf32>) -> ()
  func.return
}
