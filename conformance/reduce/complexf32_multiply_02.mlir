// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[2.71465945, 2.82735634, -2.43511415, 0.83703804], [4.6145134, 0.798043251, 2.43266964, 1.44109023], [4.32122326, -1.44783866, -4.86820126, -1.32848072]], [[-2.5979414, -2.94828892, -1.83987403, -1.45258534], [2.92708635, -3.83940625, -1.19290042, 0.231130689], [-3.25111985, 0.587385178, 0.484572649, 0.235331267]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %c2 = shlo.constant {value = dense<[[[-0.0755375921, 0.821342766, 2.83815837, -1.07182026], [0.432084084, -0.730835319, -3.56738067, -0.284043252], [-0.35291332, -0.763646125, -2.9421103, -0.825588942]], [[-1.02815783, 0.866701722, -2.73557496, 1.68627429], [3.4959054, -1.59662545, 2.01917458, 1.33338988], [2.75442147, 0.884827554, 1.3735956, 0.694217622]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %c5 = shlo.constant {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<f32>, tensor<f32>) -> tensor<complex<f32>>
  %v7 = "shlo.reduce"(%v3, %v6) ({
  ^bb0(%a0: tensor<complex<f32>>, %b0: tensor<complex<f32>>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    "shlo.return"(%s0) : (tensor<complex<f32>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 2>} : (tensor<2x3x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-673.845215, 1881.19678, -133.077499]> : tensor<3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2471.56812, -352.462738, -274.527679]> : tensor<3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<3xf32>) -> ()
  func.return
}
