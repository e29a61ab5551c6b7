// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[-5841247392222086924, -4323982075457882170, -2929948077931959889, -7432263871146820626, -280083900311861727, -1436292092491791195]> : tensor<6xi64>} : () -> tensor<6xi64>
  %c2 = shlo.constant {value = dense<[3444602834421852883, -4556377379276315894, -2685850525295782670, 7297573811477532596, 7251247684495728666, 31762630942650649]> : tensor<6xi64>} : () -> tensor<6xi64>
  %c3 = shlo.constant {value = dense<[-1282640698471949945, 558139719157233282, 5791721162346493161, 5381644368127010315, 2001790597666862279, 5375011990617386043]> : tensor<6xi64>} : () -> tensor<6xi64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xi64>, tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1282640698471949945, -4323982075457882170, -2685850525295782670, 5381644368127010315, 2001790597666862279, 31762630942650649]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
