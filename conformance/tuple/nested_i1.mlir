// tuple: oracle numpy: identity round trip
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false, true], [true, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v3 = "shlo.tuple"(%c1) : (tensor<2x3xi1>) -> tuple<tensor<2x3xi1>>
  %v4 = "shlo.tuple"(%c2, %v3) : (tensor<i32>, tuple<tensor<2x3xi1>>) -> tuple<tensor<i32>, tuple<tensor<2x3xi1>>>
  %v5 = "shlo.get_tuple_element"(%v4) {index = 0 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xi1>>>) -> tensor<i32>
  %v6 = "shlo.get_tuple_element"(%v4) {index = 1 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xi1>>>) -> tuple<tensor<2x3xi1>>
  %v7 = "shlo.get_tuple_element"(%v6) {index = 0 : i32} : (tuple<tensor<2x3xi1>>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[false, false, true], [true, true, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
