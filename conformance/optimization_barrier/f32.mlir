// optimization_barrier: oracle numpy: identity
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.591677725, 1.7533704, 1.10408592, -3.43592596]> : tensor<4xf32>} : () -> tensor<4xf32>
  %c2 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v3:2 = "shlo.optimization_barrier"(%c1, %c2) : (tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
  "shlo.custom_call"(%v3#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.591677725, 1.7533704, 1.10408592, -3.43592596]> : tensor<4xf32>}} : (tensor<4xf32>) -> ()
  "shlo.custom_call"(%v3#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
