import config from '@gatehouse/eslint-config';

export default config;
