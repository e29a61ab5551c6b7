// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.343750e+00, -1.992190e+00, 1.406250e+00, 9.687500e-01, -3.343750e+00], [-7.531250e+00, -1.578130e+00, -2.890630e+00, -6.640630e-01, 2.343750e+00], [-1.210940e+00, 5.625000e+00, 1.625000e+00, 6.625000e+00, 3.734380e+00], [1.992190e+00, 1.367190e+00, 1.414060e+00, 3.640630e+00, 7.000000e+00]]> : tensor<4x5xbf16>} : () -> tensor<4x5xbf16>
  %c2 = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %c3 = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %v4 = "shlo.dynamic_slice"(%c1, %c2, %c3) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xbf16>, tensor<i64>, tensor<i64>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.343750e+00, -1.992190e+00, 1.406250e+00], [-7.531250e+00, -1.578130e+00, -2.890630e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
