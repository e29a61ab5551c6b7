// partition_id: oracle: 0 on the only process
func.func @main() {
  %v1 = "shlo.partition_id"() : () -> tensor<ui32>
  "shlo.custom_call"(%v1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0> : tensor<ui32>}} : (tensor<ui32>) -> ()
  func.return
}
