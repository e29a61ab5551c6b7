// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[2959556631, 3315514229, 3544961455, 2541295110], [1153257496, 1017622542, 542046998, 631852294], [1846649748, 3346516215, 3513548249, 2363937362]], [[1438311373, 2929872322, 3107549060, 4209389279], [3594501117, 819356706, 4227202592, 981176191], [2582247276, 2303339079, 2997853850, 404055046]]]> : tensor<2x3x4xui32>} : () -> tensor<2x3x4xui32>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 1, 0, 1>, limit_indices = array<i64: 2, 3, 4>, strides = array<i64: 1, 2, 3>} : (tensor<2x3x4xui32>) -> tensor<1x2x1xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2929872322], [2303339079]]]> : tensor<1x2x1xui32>}} : (tensor<1x2x1xui32>) -> ()
  func.return
}
