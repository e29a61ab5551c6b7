// bitcast_convert: oracle jax.lax.bitcast_convert_type; little-endian element order
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.37656951, -1.59957421, -2.21671247]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<3xf32>) -> tensor<3x4xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[110, 51, 176, 63], [217, 190, 204, 191], [158, 222, 13, 192]]> : tensor<3x4xui8>}} : (tensor<3x4xui8>) -> ()
  func.return
}
