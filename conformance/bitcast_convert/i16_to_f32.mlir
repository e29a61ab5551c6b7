// bitcast_convert: oracle jax.lax.bitcast_convert_type; little-endian element order
func.func @main() {
  %c1 = shlo.constant {value = dense<[[10482, 31573], [-8459, -5743], [-9309, 4240]]> : tensor<3x2xi16>} : () -> tensor<3x2xi16>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<3x2xi16>) -> tensor<3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.1067897E+36, -2.20433911E+25, 5.71363891E-29]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  func.return
}
