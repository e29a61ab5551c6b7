// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [18446744073709551615, 18446744073709551614, 0, 1], [4, 5, 6, 7], [11158762379450311120, 6488390089371153635, 1452335856613176605, 4234322062972668584]]> : tensor<4x4xui64>} : () -> tensor<4x4xui64>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xui64>) -> tensor<4x4xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 18446744073709551615, 18446744073709551614, 18446744073709551613], [1, 2, 0, 18446744073709551615], [18446744073709551612, 18446744073709551611, 18446744073709551610, 18446744073709551609], [7287981694259240496, 11958353984338397981, 16994408217096375011, 14212422010736883032]]> : tensor<4x4xui64>}} : (tensor<4x4xui64>) -> ()
  func.return
}
