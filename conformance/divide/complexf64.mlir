// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.79049626283232755, -1.6600073898499235, -1.9053117047288288], [2.5259892208487051, -3.0156859353061249, 4.5116274093401971]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[2.5667365643595952, 5.3462384474965434, 2.3156161177608277], [2.1310964042759037, 1.5776595199416039, 1.0802962977905368]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[1.7964313932949723, 0.12595734189970845, 0.17814497529527953], [-1.8061330113171046, 2.8158532478405141, -6.5159164900413007]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[1.133070167731423, -1.2953467669406289, 0.79072335632032331], [3.9099507083382408, 1.0185722230793597, 2.8239239459540739]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.divide"(%v3, %v6) : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.32990817745730494, -4.2120505674151376, 2.2703768450821626], [0.20324764027236347, -0.76783074431361809, -0.52242350452309905]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.2207131642082156, -0.87194311612692843, 2.9210822131972978], [-0.73992786846320802, 0.83802328474877197, -0.39220584641445649]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
