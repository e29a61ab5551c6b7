// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.8755637483176091, 0.35553006067085896, 1.8505165788473725], [2.4918210485606318, 0.82063318608555613, 1.3570120903885077]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.37667780211167595, -0.38185291538525873, 2.1234808823044724], [-1.4532771049201954, 1.7524085231822102, -0.21313774134897973]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.logistic"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.87312981756478092, 0.59113847984859413, 1.0672389282568655], [0.98387099338704187, 0.88959895656893129, 0.79746546490856673]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.043084174191620021, -0.093541552958889898, 0.15558856694057835], [-0.080085575596777481, 0.41838044560468857, -0.034695198830218717]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
