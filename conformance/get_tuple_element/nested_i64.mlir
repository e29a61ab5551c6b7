// get_tuple_element: oracle numpy: identity round trip
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1900133914466305527, -223152265551684064, 6034164744123430134], [-8438503140306788269, 2641167989163295988, 4141486874089652641]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v3 = "shlo.tuple"(%c1) : (tensor<2x3xi64>) -> tuple<tensor<2x3xi64>>
  %v4 = "shlo.tuple"(%c2, %v3) : (tensor<i32>, tuple<tensor<2x3xi64>>) -> tuple<tensor<i32>, tuple<tensor<2x3xi64>>>
  %v5 = "shlo.get_tuple_element"(%v4) {index = 0 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xi64>>>) -> tensor<i32>
  %v6 = "shlo.get_tuple_element"(%v4) {index = 1 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xi64>>>) -> tuple<tensor<2x3xi64>>
  %v7 = "shlo.get_tuple_element"(%v6) {index = 0 : i32} : (tuple<tensor<2x3xi64>>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1900133914466305527, -223152265551684064, 6034164744123430134], [-8438503140306788269, 2641167989163295988, 4141486874089652641]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
