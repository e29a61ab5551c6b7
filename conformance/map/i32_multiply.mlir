// map: oracle jax.lax elementwise op applied by map
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1790873438, -546451644, -912895112], [1422491357, -1733101996, -1395263782]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[-1360661025, -473170048, 1804942290], [-2050320053, -1299943278, 2084488046]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.map"(%c1, %c2) ({
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "shlo.return"(%s0) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2118768866, -1085776384, -1083891600], [792477631, -853197848, -1614536788]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
