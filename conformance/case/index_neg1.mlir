// case: oracle numpy: StableHLO runs the last branch for a negative index (lax.switch would clamp to 0)
func.func @main() {
  %c1 = shlo.constant {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %c2 = shlo.constant {value = dense<[0.27427581, 0.43898508, -4.55032635]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v3 = "shlo.case"(%c1) ({
    "shlo.return"(%c2) : (tensor<3xf32>) -> ()
  }, {
    %d = "shlo.add"(%c2, %c2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "shlo.return"(%d) : (tensor<3xf32>) -> ()
  }, {
    %m = "shlo.multiply"(%c2, %c2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "shlo.return"(%m) : (tensor<3xf32>) -> ()
  }) : (tensor<i32>) -> tensor<3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.0752272233, 0.192707896, 20.7054691]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  func.return
}
