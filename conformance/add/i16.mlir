// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7610, 22669, -29146], [30346, 5568, -11209]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[-11512, -12981, -18380], [-11813, 19379, -7510]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-19122, 9688, 18010], [18533, 24947, -18719]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
