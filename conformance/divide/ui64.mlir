// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[13137847675061328360, 17250928076011235431, 5809617497282101197], [10634003880803483798, 15241875837522740180, 7950596470957650176]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[3, 5, 2], [5, 9, 1]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4379282558353776120, 3450185615202247086, 2904808748641050598], [2126800776160696759, 1693541759724748908, 7950596470957650176]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
