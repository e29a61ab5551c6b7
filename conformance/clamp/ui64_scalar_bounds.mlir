// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<15990740711305640025> : tensor<ui64>} : () -> tensor<ui64>
  %c2 = shlo.constant {value = dense<[950255353037058616, 7079118938930462496, 4420748614276742009, 3645450073969719918, 1188981676138173976, 8923809130981003547]> : tensor<6xui64>} : () -> tensor<6xui64>
  %c3 = shlo.constant {value = dense<3169672502129900373> : tensor<ui64>} : () -> tensor<ui64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<ui64>, tensor<6xui64>, tensor<ui64>) -> tensor<6xui64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<3169672502129900373> : tensor<6xui64>}} : (tensor<6xui64>) -> ()
  func.return
}
