// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[1.88985705, -1.40016019, -0.472357154, 1.24435091], [2.11035633, -0.495427251, 0.330468684, -0.294911653], [-1.2785027, 1.40398169, -1.93815124, 1.31260216]], [[1.8248831, 1.38620174, -1.30318201, -1.94561172], [-0.125255585, 1.37124896, -0.929394304, -0.94609034], [0.430789769, 1.07476115, -2.63109326, -0.88728559]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %c2 = shlo.constant {value = dense<[[[2.19890165, 1.4128058, 1.88365746, -2.02521801], [-4.04195881, 0.762997686, 0.434362084, 2.30325723], [-1.76474679, 2.0900085, 0.921536564, 1.09857643]], [[-0.468600482, -1.00949693, 1.65187788, -0.910078823], [2.85574698, -0.381223649, 5.04481697, 1.47039104], [1.29660881, 0.167212084, 2.36270022, 1.12278032]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xcomplex<f32>>
  %v4 = "shlo.slice"(%v3) {start_indices = array<i64: 0, 1, 0>, limit_indices = array<i64: 2, 3, 4>, strides = array<i64: 1, 1, 2>} : (tensor<2x3x4xcomplex<f32>>) -> tensor<2x2x2xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2.11035633, 0.330468684], [-1.2785027, -1.93815124]], [[-0.125255585, -0.929394304], [0.430789769, -2.63109326]]]> : tensor<2x2x2xf32>}} : (tensor<2x2x2xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-4.04195881, 0.434362084], [-1.76474679, 0.921536564]], [[2.85574698, 5.04481697], [1.29660881, 2.36270022]]]> : tensor<2x2x2xf32>}} : (tensor<2x2x2xf32>) -> ()
  func.return
}
