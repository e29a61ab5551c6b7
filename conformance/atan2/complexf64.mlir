// atan2: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.14673985383529925, 1.0810982514151468, -0.25696957039584362], [0.012120879635868971, 1.3927410635067334, -0.9086473043078015]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[0.13687252951147208, -0.10125779192010759, -2.2506480325875655], [-0.13815456027284392, 1.4847984991833225, 1.4078002435903612]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0.99766125766343838, 0.93721900095927491, -1.6803105465616046], [1.2789688017731708, 0.59602805288064797, -3.5442413913791646]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[1.7231626625195899, 1.1224251003654218, 0.8238875261908748], [-1.5133917961719858, -0.090256515306383719, -0.69049849824243392]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.atan2"(%v3, %v6) : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.022779579653951113, 0.54049566285645634, 2.0961565968202085], [0.057232970079029576, 1.3943925103228343, -2.9345370296873745]]> : tensor<2x3xf64>, rtol = 1.000e-11 : f64, atol = 1.000e-11 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.098487830636777671, -0.534148782414406, 0.81163764594379306], [-0.040222843613106497, 0.24136123039349228, -0.44253495405695059]]> : tensor<2x3xf64>, rtol = 1.000e-11 : f64, atol = 1.000e-11 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
