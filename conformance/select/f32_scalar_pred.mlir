// select: oracle numpy: scalar pred selects whole tensor
func.func @main() {
  %c1 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %c2 = shlo.constant {value = dense<[[3.249620e+00, -2.80757403, 3.05693913], [2.85121036, -1.86597455, -2.67680025]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c3 = shlo.constant {value = dense<[[-3.03922606, 0.773022949, -1.6454705], [1.36225557, -4.15806532, 2.78511858]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<i1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.249620e+00, -2.80757403, 3.05693913], [2.85121036, -1.86597455, -2.67680025]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
