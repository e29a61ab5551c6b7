// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.773353517, -0.685231864, -1.6142261, 1.31684422], [1.90059519, -2.79668784, 0.484369397, -0.565787077], [0.531462669, 2.96844411, 0.197982579, 2.5704565]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %c2 = shlo.constant {value = dense<[[-1.93766093, 0.341941088, 0.384512752, -0.651195168], [2.21908474, -3.15598583, -2.47885299, 0.116962932], [4.691740e+00, -0.740310251, 1.58639109, -2.49182391]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[3.19710517, 2.24999928, 0.451039553, 1.02808356, 3.28870559], [1.32620239, -1.75326324, -1.21145761, -1.92145157, -0.0739493072], [2.04133201, -0.848111152, -1.51645517, 1.0060302, -1.13190663], [2.0251832, -0.889229893, 2.3052249, -3.16949224, -1.91909432]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %c5 = shlo.constant {value = dense<[[-1.06042695, 2.35750961, -0.135077342, 2.69387174, -1.41919017], [3.48209381, -2.7059834, 0.687500655, 1.02385175, -5.98077345], [1.52262044, 1.24331129, -0.0310549736, -2.68599892, -2.36069226], [-2.07305861, 3.34435582, 2.20267272, -1.4241749, 2.84310651]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xcomplex<f32>>
  %v7 = "shlo.dot_general"(%v3, %v6) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xcomplex<f32>>, tensor<4x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-9.190420e+00, 6.85251331, 6.91433191, -0.30102253, -1.13835847], [19.5698051, -1.80875587, 4.341400e+00, 0.369930267, -14.915431], [11.2176018, -13.1652327, 8.94946479, -24.2739258, 9.43160915]]> : tensor<3x5xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<3x5xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-13.0289993, -2.27824736, -0.788384914, -0.52280879, 7.16716146], [-11.7574711, 23.2830391, 5.41219521, 7.24229383, 21.389679], [16.9557056, 14.7877808, 2.487854, 16.0181236, 6.80376148]]> : tensor<3x5xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<3x5xf32>) -> ()
  func.return
}
