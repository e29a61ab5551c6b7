// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[585550444, -225565105, -1753399100], [1801161337, 1276232553, 719134070]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[-1912978957, -23156638, 1332381491], [1645192125, -1431506467, -787172040]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1796437895, -202408467, 1209186705], [155969212, -1587228276, 1506306110]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
