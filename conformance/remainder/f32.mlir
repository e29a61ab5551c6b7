// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.58987689, 3.20115972, -0.578889668], [-0.531234682, 0.677116572, 9.171110e+00]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-3.57696772, -1.71580577, -1.78174901], [-7.800900e+00, 0.248511896, 0.0680683926]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.58987689, 1.48535395, -0.578889668], [-0.531234682, 0.180092782, 0.0499455482]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
