// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[22903, 12778, 28426], [64853, 59374, 9251]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[27361, 13865, 8665], [15085, 244, 25110]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[27361, 13865, 28426], [64853, 59374, 25110]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
