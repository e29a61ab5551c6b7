// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7.7206816407852325E-5, 1.3253765142014009, 2.8597844309134342], [-0.91483485829400457, 3.2534760237694238, 3.170789645863902]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.33606262294916972, 1.2237225572367623, -2.939142585262811], [-0.19394937115833158, 0.11727283427566777, 1.9497417788336877]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[3.4981816918431798, -5.2502697737745647, -0.5149006371368815], [-2.3635923140268202, 0.16312825992396118, 2.6777798946489151]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[-0.46339853459619407, -2.0040352869586999, -0.57678924492315298], [-1.5127640511301625, -0.087727061465355652, -0.64228702286286965]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.add"(%v3, %v6) : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.4981044850267722, -3.9248932595731638, 2.3448837937765528], [-3.2784271723208249, 3.4166042836933848, 5.8485695405128171]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.79946115754536384, -0.78031272972193766, -3.5159318301859641], [-1.7067134222884941, 0.029545772810312121, 1.3074547559708181]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
