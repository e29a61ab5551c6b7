// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4.47026873, 1.35903943, 3.54790092, 0.908432781], [2.55269766, 0.533443153, -0.459616035, -0.44414559], [2.90606499, 0.703902781, 4.25942516, 1.62765777]], [[2.02117014, 0.00308085536, -1.0334146, -5.78669834], [3.52466106, -0.83138591, -0.94901365, -3.2165277], [-1.87264037, 0.678590834, -1.41945589, -4.20112085]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 0, 0, 0>, limit_indices = array<i64: 0, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<0x3x4xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<> : tensor<0x3x4xf32>}} : (tensor<0x3x4xf32>) -> ()
  func.return
}
