// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.3921522645056586, -0.29739234997994396, 0.59275358732684347], [2.6022246707548731, 1.0649024371298854, -0.61698808218381318]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.24837234861926363, -0.55385364228562772, -1.3836755475294367], [1.1615745315077979, -2.0111479652659234, 0.29314754623213113]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0.96824700892362592, -3.0691131353625591, 1.2973012507621786], [1.9747125992613663, -2.3264956763214784, 0.94198151588241263]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[-2.1811834269330981, 0.45919634420475802, -1.2157745511200948], [-1.3898755067970503, 1.5905581897949628, 2.7121597618376496]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.subtract"(%v3, %v6) : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.3603992734292845, 2.7717207853826151, -0.70454766343533515], [0.62751207149350674, 3.3913981134513635, -1.5589695980662257]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.9328110783138344, -1.0130499864903857, -0.16790099640934186], [2.5514500383048482, -3.601706155060886, -2.4190122156055187]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
