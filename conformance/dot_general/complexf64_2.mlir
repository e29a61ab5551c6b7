// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.89121693871433416, 2.3451300330940024, 3.4931116337497525, 1.5861369112388883]> : tensor<4xf64>} : () -> tensor<4xf64>
  %c2 = shlo.constant {value = dense<[3.3589438221680741, -0.18186213588375555, -1.9492120325302329, -0.69694498181201425]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[0.24198827729262329, -0.1240034598587358, 1.8465070263939478, 1.014112201229213]> : tensor<4xf64>} : () -> tensor<4xf64>
  %c5 = shlo.constant {value = dense<[0.11066158032558368, 0.63221703541822871, -2.9149493156433999, -2.762853160168548]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
  %v7 = "shlo.dot_general"(%v3, %v6) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<complex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<complex<f64>>) -> tensor<f64>
  %v9 = "shlo.imag"(%v7) : (tensor<complex<f64>>) -> tensor<f64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.1192951670623954> : tensor<f64>, rtol = 4.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<f64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-16.453889672420882> : tensor<f64>, rtol = 4.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<f64>) -> ()
  func.return
}
