// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1299511821, -932503767, 258372723], [1644468861, 1468419602, 1766056287]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1299511821, 1681231764, 64593180], [205558607, 91776225, 55189258]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
