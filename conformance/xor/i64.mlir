// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8275263833129460195, -23139504878837997, 7507792885632073316], [5182536372154046456, -5256604862739594320, 5626313047634223832]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[-1554571683768692936, -1913765640361552871, 3218453565609438951], [134403782593757477, -6919894475657814403, -5695689283731073382]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7441448693673775397, 1935768234645900042, 4943606239577804931], [5057945732589344477, 2953043150247730637, -80935951733885886]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
