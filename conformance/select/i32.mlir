// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, true], [false, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[981998370, 1694396296, -787298439], [-1148513353, -175869353, -766130959]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c3 = shlo.constant {value = dense<[[1864235381, -88112326, -2032701112], [-2104122350, -1373798810, -672607011]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1864235381, 1694396296, -787298439], [-2104122350, -1373798810, -766130959]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
