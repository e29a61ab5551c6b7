// if: oracle jax.lax.cond
func.func @main() {
  %c1 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %c2 = shlo.constant {value = dense<[-3.66614723, 0.554118335, -2.04677415]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c3 = shlo.constant {value = dense<[-2.90381575, 0.595044255, -0.846984803]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v4 = "shlo.complex"(%c2, %c3) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f32>>
  %v5 = "shlo.if"(%c1) ({
    %d = "shlo.add"(%v4, %v4) : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    "shlo.return"(%d) : (tensor<3xcomplex<f32>>) -> ()
  }, {
    "shlo.return"(%v4) : (tensor<3xcomplex<f32>>) -> ()
  }) : (tensor<i1>) -> tensor<3xcomplex<f32>>
  %v6 = "shlo.real"(%v5) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %v7 = "shlo.imag"(%v5) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-7.33229446, 1.10823667, -4.0935483]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-5.80763149, 1.19008851, -1.69396961]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  func.return
}
