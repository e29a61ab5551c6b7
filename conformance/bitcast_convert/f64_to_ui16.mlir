// bitcast_convert: oracle jax.lax.bitcast_convert_type; little-endian element order
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.34707462667976852, 3.8002069660517988]> : tensor<2xf64>} : () -> tensor<2xf64>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<2xf64>) -> tensor<2x4xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6878, 32439, 13944, 49110], [51830, 59625, 26322, 16398]]> : tensor<2x4xui16>}} : (tensor<2x4xui16>) -> ()
  func.return
}
