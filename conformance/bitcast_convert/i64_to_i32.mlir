// bitcast_convert: oracle jax.lax.bitcast_convert_type; little-endian element order
func.func @main() {
  %c1 = shlo.constant {value = dense<[5820673054412452152, 1360691716817160020]> : tensor<2xi64>} : () -> tensor<2xi64>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<2xi64>) -> tensor<2x2xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1041157832, 1355231053], [1035208532, 316810728]]> : tensor<2x2xi32>}} : (tensor<2x2xi32>) -> ()
  func.return
}
