// optimization_barrier: oracle numpy: identity
func.func @main() {
  %c1 = shlo.constant {value = dense<[127, 119, 21, 100]> : tensor<4xi8>} : () -> tensor<4xi8>
  %c2 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v3:2 = "shlo.optimization_barrier"(%c1, %c2) : (tensor<4xi8>, tensor<i32>) -> (tensor<4xi8>, tensor<i32>)
  "shlo.custom_call"(%v3#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[127, 119, 21, 100]> : tensor<4xi8>}} : (tensor<4xi8>) -> ()
  "shlo.custom_call"(%v3#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
