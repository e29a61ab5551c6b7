// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [4294967295, 4294967294, 0, 1], [4, 5, 6, 7], [1814633175, 2059713713, 2046905306, 659799402]]> : tensor<4x4xui32>} : () -> tensor<4x4xui32>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xui32>) -> tensor<4x4xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 4294967295, 4294967294, 4294967293], [1, 2, 0, 4294967295], [4294967292, 4294967291, 4294967290, 4294967289], [2480334121, 2235253583, 2248061990, 3635167894]]> : tensor<4x4xui32>}} : (tensor<4x4xui32>) -> ()
  func.return
}
