// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<-6416216214989352000> : tensor<i64>} : () -> tensor<i64>
  %c2 = shlo.constant {value = dense<[3444602834421852883, -4556377379276315894, -2685850525295782670, 7297573811477532596, 7251247684495728666, 31762630942650649]> : tensor<6xi64>} : () -> tensor<6xi64>
  %c3 = shlo.constant {value = dense<-2883437424445971784> : tensor<i64>} : () -> tensor<i64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<i64>, tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2883437424445971784, -4556377379276315894, -2883437424445971784, -2883437424445971784, -2883437424445971784, -2883437424445971784]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
