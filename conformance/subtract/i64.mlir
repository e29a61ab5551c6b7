// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7945247328720214597, 8855210328204289463, -2519249079436568184], [101828857855372911, 8814784217683937563, 8222381974854038162]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[-1385065560342314595, -1386315677008795336, -889444901848209988], [4242276455049378317, -5286009073052193926, 5461222881170589115]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-9116431184647022424, -8205218068496466817, -1629804177588358196], [-4140447597194005406, -4345950782973420127, 2761159093683449047]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
