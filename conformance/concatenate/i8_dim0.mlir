// concatenate: oracle jax.lax.concatenate
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[100, -82, -51, -91], [55, 53, -2, -84], [17, 126, 94, 102]]]> : tensor<1x3x4xi8>} : () -> tensor<1x3x4xi8>
  %c2 = shlo.constant {value = dense<[[[5, 100, 11, 53], [127, 93, -41, -36], [84, 70, -33, -41]], [[-22, -27, 116, -59], [59, -66, -55, -24], [-98, -51, 57, -60]]]> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %c3 = shlo.constant {value = dense<[[[-58, -63, -96, -20], [-116, -93, 105, -34], [-55, 5, -56, -56]], [[101, -128, 27, 112], [47, -60, -73, -97], [103, -61, -83, 96]], [[126, -107, 99, 15], [-69, 42, -17, -21], [-117, 58, 72, 35]]]> : tensor<3x3x4xi8>} : () -> tensor<3x3x4xi8>
  %v4 = "shlo.concatenate"(%c1, %c2, %c3) {dimension = 0 : i64} : (tensor<1x3x4xi8>, tensor<2x3x4xi8>, tensor<3x3x4xi8>) -> tensor<6x3x4xi8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[100, -82, -51, -91], [55, 53, -2, -84], [17, 126, 94, 102]], [[5, 100, 11, 53], [127, 93, -41, -36], [84, 70, -33, -41]], [[-22, -27, 116, -59], [59, -66, -55, -24], [-98, -51, 57, -60]], [[-58, -63, -96, -20], [-116, -93, 105, -34], [-55, 5, -56, -56]], [[101, -128, 27, 112], [47, -60, -73, -97], [103, -61, -83, 96]], [[126, -107, 99, 15], [-69, 42, -17, -21], [-117, 58, 72, 35]]]> : tensor<6x3x4xi8>}} : (tensor<6x3x4xi8>) -> ()
  func.return
}
