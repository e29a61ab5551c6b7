// bitcast_convert: oracle jax.lax.bitcast_convert_type; little-endian element order
func.func @main() {
  %c1 = shlo.constant {value = dense<[[37, 241, 67, 11], [216, 205, 159, 223]]> : tensor<2x4xui8>} : () -> tensor<2x4xui8>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<2x4xui8>) -> tensor<2xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.77370509E-32, -2.30301946E+19]> : tensor<2xf32>}} : (tensor<2xf32>) -> ()
  func.return
}
