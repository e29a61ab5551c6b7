// tanh: oracle jax.lax (tanh)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.9987656359459476, -0.061012834588912476, 0.3317511115188439], [1.538431172949164, 1.4507755555200894, -4.4321381123501649]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-2.3061895422830285, -2.2576569641421655, -1.4382982428088693], [-2.3081571603431872, 1.2976040402419229, -0.78245429825163992]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.tanh"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.0004840848394816, -0.15071563516613987, 2.7097908241586617], [1.0046251494296785, 1.0966216648740954, -0.99999829559977637]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.0049473495138874094, 1.2082060260563774, -0.99501078374191775], [0.092403062731007915, 0.062797507004480363, -2.8269328084311681E-4]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
