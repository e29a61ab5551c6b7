// tuple: oracle numpy: identity round trip
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.95678680700364671, -0.63284064518481553, 0.740293307782111], [-1.2116431019336049, -0.29752896640523002, -0.38496246868307632]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.93298687177776429, 1.3470561552470899, 0.084157790153799483], [1.0748328967594576, 3.4462001252764036, -0.95133968083838583]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v5 = "shlo.tuple"(%v3) : (tensor<2x3xcomplex<f64>>) -> tuple<tensor<2x3xcomplex<f64>>>
  %v6 = "shlo.tuple"(%c4, %v5) : (tensor<i32>, tuple<tensor<2x3xcomplex<f64>>>) -> tuple<tensor<i32>, tuple<tensor<2x3xcomplex<f64>>>>
  %v7 = "shlo.get_tuple_element"(%v6) {index = 0 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xcomplex<f64>>>>) -> tensor<i32>
  %v8 = "shlo.get_tuple_element"(%v6) {index = 1 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xcomplex<f64>>>>) -> tuple<tensor<2x3xcomplex<f64>>>
  %v9 = "shlo.get_tuple_element"(%v8) {index = 0 : i32} : (tuple<tensor<2x3xcomplex<f64>>>) -> tensor<2x3xcomplex<f64>>
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  %v10 = "shlo.real"(%v9) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v11 = "shlo.imag"(%v9) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.95678680700364671, -0.63284064518481553, 0.740293307782111], [-1.2116431019336049, -0.29752896640523002, -0.38496246868307632]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v11) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.93298687177776429, 1.3470561552470899, 0.084157790153799483], [1.0748328967594576, 3.4462001252764036, -0.95133968083838583]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
