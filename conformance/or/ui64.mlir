// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7913374112814168443, 13684036548504995708, 8597866542165932931], [12534492632025607088, 17091977845851801616, 6826761304980986182]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[15956078528893880178, 8009388182291505107, 5345896454995845830], [9438860460647361670, 742244715263077000, 6790741352900051734]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[18302615649551089531, 18439837757166215167, 9183387822286715847], [12682127442861600694, 17257512210939243160, 6826770375954651990]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
