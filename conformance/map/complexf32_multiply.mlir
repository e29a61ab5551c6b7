// map: oracle jax.lax elementwise op applied by map
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.36732364, -1.83548427, -2.66222405], [1.067260e+00, -2.909554, 3.14989376]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[0.156685904, -3.54376173, 0.459408432], [-0.884140908, -1.57974327, 0.214681372]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[2.717640e+00, 0.39411962, -0.402207106], [-0.152131349, -0.220897481, -8.742370e-03]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[-0.525097072, -0.81036216, 0.414958566], [0.410531104, -0.280850381, 1.31911993]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.map"(%v3, %v6) ({
  ^bb0(%a0: tensor<complex<f32>>, %b0: tensor<complex<f32>>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    "shlo.return"(%s0) : (tensor<complex<f32>>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.63361788, -3.59513068, 0.880129992], [0.200603634, 0.19904165, -3.107280e-01]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.14379346, 0.0907409414, -1.2894901], [5.726490e-01, 1.16611063, 4.15321064]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
