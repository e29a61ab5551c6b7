// get_tuple_element: oracle numpy: identity round trip
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.83230114, -0.704122186, -0.5069291], [3.93248987, 3.0113256, -3.8745811]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v3 = "shlo.tuple"(%c1) : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>>
  %v4 = "shlo.tuple"(%c2, %v3) : (tensor<i32>, tuple<tensor<2x3xf32>>) -> tuple<tensor<i32>, tuple<tensor<2x3xf32>>>
  %v5 = "shlo.get_tuple_element"(%v4) {index = 0 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xf32>>>) -> tensor<i32>
  %v6 = "shlo.get_tuple_element"(%v4) {index = 1 : i32} : (tuple<tensor<i32>, tuple<tensor<2x3xf32>>>) -> tuple<tensor<2x3xf32>>
  %v7 = "shlo.get_tuple_element"(%v6) {index = 0 : i32} : (tuple<tensor<2x3xf32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.83230114, -0.704122186, -0.5069291], [3.93248987, 3.0113256, -3.8745811]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
