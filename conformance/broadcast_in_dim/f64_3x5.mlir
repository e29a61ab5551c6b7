// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.4596910496449773], [0.25538463623967772], [0.044088979530670161]]> : tensor<3x1xf64>} : () -> tensor<3x1xf64>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x1xf64>) -> tensor<3x5xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.4596910496449773, -2.4596910496449773, -2.4596910496449773, -2.4596910496449773, -2.4596910496449773], [0.25538463623967772, 0.25538463623967772, 0.25538463623967772, 0.25538463623967772, 0.25538463623967772], [0.044088979530670161, 0.044088979530670161, 0.044088979530670161, 0.044088979530670161, 0.044088979530670161]]> : tensor<3x5xf64>}} : (tensor<3x5xf64>) -> ()
  func.return
}
